/**
 * States, provinces, districts and emirates of the trading countries, each with its main cities:
 * one a line, "<id> <name>: <city>|<city>". Ids are ISO 3166-2 codes; Hong Kong's districts have
 * none today, so they keep the former HK-xx codes.
 */
export const REGIONS = `
IN-AN Andaman and Nicobar Islands: Port Blair
IN-AP Andhra Pradesh: Visakhapatnam|Vijayawada|Guntur|Tirupati|Amaravati
IN-AR Arunachal Pradesh: Itanagar
IN-AS Assam: Guwahati|Dibrugarh
IN-BR Bihar: Patna|Gaya
IN-CH Chandigarh: Chandigarh
IN-CG Chhattisgarh: Raipur|Bhilai
IN-DH Dadra and Nagar Haveli and Daman and Diu: Daman|Silvassa|Diu
IN-DL Delhi: New Delhi|Delhi
IN-GA Goa: Panaji|Margao
IN-GJ Gujarat: Surat|Ahmedabad|Vadodara|Rajkot|Bhavnagar|Palanpur|Navsari|Amreli|Gandhinagar
IN-HR Haryana: Gurugram|Faridabad|Panipat
IN-HP Himachal Pradesh: Shimla|Dharamshala
IN-JK Jammu and Kashmir: Srinagar|Jammu
IN-JH Jharkhand: Ranchi|Jamshedpur
IN-KA Karnataka: Bengaluru|Mysuru|Mangaluru|Hubballi
IN-KL Kerala: Thiruvananthapuram|Kochi|Kozhikode|Thrissur
IN-LA Ladakh: Leh
IN-LD Lakshadweep: Kavaratti
IN-MP Madhya Pradesh: Bhopal|Indore|Jabalpur|Panna
IN-MH Maharashtra: Mumbai|Thane|Pune|Nagpur|Nashik
IN-MN Manipur: Imphal
IN-ML Meghalaya: Shillong
IN-MZ Mizoram: Aizawl
IN-NL Nagaland: Kohima|Dimapur
IN-OD Odisha: Bhubaneswar|Cuttack
IN-PY Puducherry: Puducherry
IN-PB Punjab: Ludhiana|Amritsar|Jalandhar
IN-RJ Rajasthan: Jaipur|Jodhpur|Udaipur
IN-SK Sikkim: Gangtok
IN-TN Tamil Nadu: Chennai|Coimbatore|Madurai|Tiruchirappalli
IN-TS Telangana: Hyderabad|Warangal
IN-TR Tripura: Agartala
IN-UP Uttar Pradesh: Lucknow|Kanpur|Noida|Agra|Varanasi
IN-UK Uttarakhand: Dehradun|Haridwar
IN-WB West Bengal: Kolkata|Howrah|Siliguri

US-AL Alabama: Birmingham|Montgomery
US-AK Alaska: Anchorage|Juneau
US-AZ Arizona: Phoenix|Tucson|Scottsdale
US-AR Arkansas: Little Rock
US-CA California: Los Angeles|San Francisco|San Diego|San Jose|Sacramento
US-CO Colorado: Denver|Colorado Springs
US-CT Connecticut: Hartford|Stamford
US-DE Delaware: Wilmington|Dover
US-DC District of Columbia: Washington
US-FL Florida: Miami|Orlando|Tampa|Jacksonville|Boca Raton
US-GA Georgia: Atlanta|Savannah
US-HI Hawaii: Honolulu
US-ID Idaho: Boise
US-IL Illinois: Chicago|Springfield
US-IN Indiana: Indianapolis
US-IA Iowa: Des Moines
US-KS Kansas: Wichita|Topeka
US-KY Kentucky: Louisville|Lexington
US-LA Louisiana: New Orleans|Baton Rouge
US-ME Maine: Portland|Augusta
US-MD Maryland: Baltimore|Annapolis
US-MA Massachusetts: Boston|Cambridge
US-MI Michigan: Detroit|Grand Rapids|Lansing
US-MN Minnesota: Minneapolis|Saint Paul
US-MS Mississippi: Jackson
US-MO Missouri: Kansas City|St. Louis
US-MT Montana: Billings|Helena
US-NE Nebraska: Omaha|Lincoln
US-NV Nevada: Las Vegas|Reno|Carson City
US-NH New Hampshire: Manchester|Concord
US-NJ New Jersey: Newark|Jersey City|Trenton
US-NM New Mexico: Albuquerque|Santa Fe
US-NY New York: New York|Buffalo|Rochester|Albany
US-NC North Carolina: Charlotte|Raleigh
US-ND North Dakota: Fargo|Bismarck
US-OH Ohio: Columbus|Cleveland|Cincinnati
US-OK Oklahoma: Oklahoma City|Tulsa
US-OR Oregon: Portland|Salem
US-PA Pennsylvania: Philadelphia|Pittsburgh|Harrisburg
US-RI Rhode Island: Providence
US-SC South Carolina: Charleston|Columbia
US-SD South Dakota: Sioux Falls|Pierre
US-TN Tennessee: Nashville|Memphis
US-TX Texas: Houston|Dallas|Austin|San Antonio
US-UT Utah: Salt Lake City
US-VT Vermont: Burlington|Montpelier
US-VA Virginia: Virginia Beach|Richmond
US-WA Washington: Seattle|Olympia
US-WV West Virginia: Charleston|Morgantown
US-WI Wisconsin: Milwaukee|Madison
US-WY Wyoming: Cheyenne

BE-BRU Brussels-Capital Region: Brussels
BE-VAN Antwerp: Antwerp|Mechelen|Turnhout
BE-VLI Limburg: Hasselt|Genk
BE-VOV East Flanders: Ghent|Aalst
BE-VWV West Flanders: Bruges|Kortrijk|Ostend
BE-VBR Flemish Brabant: Leuven|Vilvoorde
BE-WBR Walloon Brabant: Wavre|Nivelles
BE-WHT Hainaut: Charleroi|Mons
BE-WLG Liège: Liège|Verviers
BE-WLX Luxembourg: Arlon|Bastogne
BE-WNA Namur: Namur|Dinant

HK-HCW Central and Western: Hong Kong|Central|Sheung Wan|Sai Ying Pun
HK-HWC Wan Chai: Wan Chai|Causeway Bay
HK-HEA Eastern: North Point|Quarry Bay|Chai Wan
HK-HSO Southern: Aberdeen|Stanley
HK-KYT Yau Tsim Mong: Tsim Sha Tsui|Jordan|Yau Ma Tei|Mong Kok
HK-KSS Sham Shui Po: Sham Shui Po|Cheung Sha Wan
HK-KKC Kowloon City: Hung Hom|Kowloon City|To Kwa Wan
HK-KWT Wong Tai Sin: Wong Tai Sin|Diamond Hill
HK-KKT Kwun Tong: Kwun Tong|Kowloon Bay
HK-NKT Kwai Tsing: Kwai Chung|Tsing Yi
HK-NTW Tsuen Wan: Tsuen Wan
HK-NTM Tuen Mun: Tuen Mun
HK-NYL Yuen Long: Yuen Long|Tin Shui Wai
HK-NNO North: Sheung Shui|Fanling
HK-NTP Tai Po: Tai Po
HK-NST Sha Tin: Sha Tin|Ma On Shan
HK-NSK Sai Kung: Sai Kung|Tseung Kwan O
HK-NIS Islands: Tung Chung|Discovery Bay|Cheung Chau

AE-AZ Abu Dhabi: Abu Dhabi|Al Ain
AE-AJ Ajman: Ajman
AE-DU Dubai: Dubai
AE-FU Fujairah: Fujairah
AE-RK Ras Al Khaimah: Ras Al Khaimah
AE-SH Sharjah: Sharjah|Khor Fakkan
AE-UQ Umm Al Quwain: Umm Al Quwain

IL-D Southern District: Beersheba|Ashdod|Eilat
IL-HA Haifa District: Haifa|Hadera
IL-JM Jerusalem District: Jerusalem|Beit Shemesh
IL-M Central District: Petah Tikva|Rishon LeZion|Netanya|Rehovot
IL-TA Tel Aviv District: Tel Aviv|Ramat Gan|Bnei Brak|Holon|Herzliya
IL-Z Northern District: Nazareth|Tiberias|Karmiel

CN-AH Anhui: Hefei
CN-BJ Beijing: Beijing
CN-CQ Chongqing: Chongqing
CN-FJ Fujian: Fuzhou|Xiamen|Putian
CN-GD Guangdong: Guangzhou|Shenzhen|Panyu|Dongguan|Foshan|Zhuhai
CN-GS Gansu: Lanzhou
CN-GX Guangxi: Nanning|Wuzhou|Guilin
CN-GZ Guizhou: Guiyang
CN-HA Henan: Zhengzhou|Luoyang
CN-HB Hubei: Wuhan
CN-HE Hebei: Shijiazhuang|Tangshan
CN-HI Hainan: Haikou|Sanya
CN-HL Heilongjiang: Harbin
CN-HN Hunan: Changsha
CN-JL Jilin: Changchun
CN-JS Jiangsu: Nanjing|Suzhou|Wuxi
CN-JX Jiangxi: Nanchang
CN-LN Liaoning: Shenyang|Dalian
CN-NM Inner Mongolia: Hohhot|Baotou
CN-NX Ningxia: Yinchuan
CN-QH Qinghai: Xining
CN-SC Sichuan: Chengdu
CN-SD Shandong: Jinan|Qingdao
CN-SH Shanghai: Shanghai
CN-SN Shaanxi: Xi'an
CN-SX Shanxi: Taiyuan
CN-TJ Tianjin: Tianjin
CN-XJ Xinjiang: Urumqi
CN-XZ Tibet: Lhasa
CN-YN Yunnan: Kunming|Ruili
CN-ZJ Zhejiang: Hangzhou|Ningbo|Yiwu

JP-01 Hokkaido: Sapporo
JP-02 Aomori: Aomori
JP-03 Iwate: Morioka
JP-04 Miyagi: Sendai
JP-05 Akita: Akita
JP-06 Yamagata: Yamagata
JP-07 Fukushima: Fukushima|Koriyama
JP-08 Ibaraki: Mito|Tsukuba
JP-09 Tochigi: Utsunomiya
JP-10 Gunma: Maebashi|Takasaki
JP-11 Saitama: Saitama
JP-12 Chiba: Chiba
JP-13 Tokyo: Tokyo
JP-14 Kanagawa: Yokohama|Kawasaki
JP-15 Niigata: Niigata
JP-16 Toyama: Toyama
JP-17 Ishikawa: Kanazawa
JP-18 Fukui: Fukui
JP-19 Yamanashi: Kofu
JP-20 Nagano: Nagano|Matsumoto
JP-21 Gifu: Gifu
JP-22 Shizuoka: Shizuoka|Hamamatsu
JP-23 Aichi: Nagoya
JP-24 Mie: Tsu|Ise
JP-25 Shiga: Otsu
JP-26 Kyoto: Kyoto
JP-27 Osaka: Osaka|Sakai
JP-28 Hyogo: Kobe|Himeji
JP-29 Nara: Nara
JP-30 Wakayama: Wakayama
JP-31 Tottori: Tottori
JP-32 Shimane: Matsue
JP-33 Okayama: Okayama
JP-34 Hiroshima: Hiroshima
JP-35 Yamaguchi: Yamaguchi|Shimonoseki
JP-36 Tokushima: Tokushima
JP-37 Kagawa: Takamatsu
JP-38 Ehime: Matsuyama|Uwajima
JP-39 Kochi: Kochi
JP-40 Fukuoka: Fukuoka|Kitakyushu
JP-41 Saga: Saga
JP-42 Nagasaki: Nagasaki
JP-43 Kumamoto: Kumamoto
JP-44 Oita: Oita
JP-45 Miyazaki: Miyazaki
JP-46 Kagoshima: Kagoshima
JP-47 Okinawa: Naha

IT-21 Piedmont: Turin|Valenza
IT-23 Aosta Valley: Aosta
IT-25 Lombardy: Milan|Bergamo|Brescia
IT-32 Trentino-South Tyrol: Trento|Bolzano
IT-34 Veneto: Venice|Vicenza|Verona|Padua
IT-36 Friuli Venezia Giulia: Trieste|Udine
IT-42 Liguria: Genoa
IT-45 Emilia-Romagna: Bologna|Modena|Parma
IT-52 Tuscany: Florence|Arezzo|Pisa
IT-55 Umbria: Perugia
IT-57 Marche: Ancona
IT-62 Lazio: Rome
IT-65 Abruzzo: L'Aquila|Pescara
IT-67 Molise: Campobasso
IT-72 Campania: Naples|Salerno|Marcianise
IT-75 Apulia: Bari|Lecce
IT-77 Basilicata: Potenza|Matera
IT-78 Calabria: Catanzaro|Reggio Calabria
IT-82 Sicily: Palermo|Catania
IT-88 Sardinia: Cagliari|Sassari

ES-AN Andalusia: Seville|Málaga|Córdoba|Granada
ES-AR Aragon: Zaragoza
ES-AS Asturias: Oviedo|Gijón
ES-IB Balearic Islands: Palma
ES-PV Basque Country: Bilbao|San Sebastián|Vitoria-Gasteiz
ES-CN Canary Islands: Las Palmas de Gran Canaria|Santa Cruz de Tenerife
ES-CB Cantabria: Santander
ES-CL Castile and León: Valladolid|Salamanca|Burgos
ES-CM Castilla-La Mancha: Toledo|Albacete
ES-CT Catalonia: Barcelona|Girona|Tarragona
ES-CE Ceuta: Ceuta
ES-EX Extremadura: Mérida|Badajoz
ES-GA Galicia: Santiago de Compostela|A Coruña|Vigo
ES-RI La Rioja: Logroño
ES-MD Community of Madrid: Madrid
ES-ML Melilla: Melilla
ES-MC Region of Murcia: Murcia|Cartagena
ES-NC Navarre: Pamplona
ES-VC Valencian Community: Valencia|Alicante

DE-BW Baden-Württemberg: Stuttgart|Pforzheim|Mannheim
DE-BY Bavaria: Munich|Nuremberg|Augsburg
DE-BE Berlin: Berlin
DE-BB Brandenburg: Potsdam
DE-HB Bremen: Bremen
DE-HH Hamburg: Hamburg
DE-HE Hesse: Frankfurt am Main|Wiesbaden|Hanau
DE-MV Mecklenburg-Western Pomerania: Schwerin|Rostock
DE-NI Lower Saxony: Hanover|Brunswick
DE-NW North Rhine-Westphalia: Cologne|Düsseldorf|Dortmund
DE-RP Rhineland-Palatinate: Mainz|Idar-Oberstein
DE-SL Saarland: Saarbrücken
DE-SN Saxony: Dresden|Leipzig
DE-ST Saxony-Anhalt: Magdeburg|Halle
DE-SH Schleswig-Holstein: Kiel|Lübeck
DE-TH Thuringia: Erfurt|Jena

FR-ARA Auvergne-Rhône-Alpes: Lyon|Grenoble|Clermont-Ferrand
FR-BFC Bourgogne-Franche-Comté: Dijon|Besançon
FR-BRE Brittany: Rennes|Brest
FR-CVL Centre-Val de Loire: Orléans|Tours
FR-20R Corsica: Ajaccio|Bastia
FR-GES Grand Est: Strasbourg|Reims|Metz
FR-HDF Hauts-de-France: Lille|Amiens
FR-IDF Île-de-France: Paris|Versailles
FR-NOR Normandy: Rouen|Caen|Le Havre
FR-NAQ Nouvelle-Aquitaine: Bordeaux|Limoges
FR-OCC Occitanie: Toulouse|Montpellier
FR-PDL Pays de la Loire: Nantes|Angers
FR-PAC Provence-Alpes-Côte d'Azur: Marseille|Nice|Cannes

GB-ENG England: London|Birmingham|Manchester|Liverpool|Leeds
GB-SCT Scotland: Edinburgh|Glasgow|Aberdeen
GB-WLS Wales: Cardiff|Swansea
GB-NIR Northern Ireland: Belfast|Derry

TH-10 Bangkok: Bangkok
TH-11 Samut Prakan: Samut Prakan
TH-12 Nonthaburi: Nonthaburi
TH-13 Pathum Thani: Pathum Thani
TH-14 Phra Nakhon Si Ayutthaya: Ayutthaya
TH-15 Ang Thong: Ang Thong
TH-16 Lop Buri: Lop Buri
TH-17 Sing Buri: Sing Buri
TH-18 Chai Nat: Chai Nat
TH-19 Saraburi: Saraburi
TH-20 Chon Buri: Chon Buri|Pattaya|Si Racha
TH-21 Rayong: Rayong
TH-22 Chanthaburi: Chanthaburi
TH-23 Trat: Trat|Bo Rai
TH-24 Chachoengsao: Chachoengsao
TH-25 Prachin Buri: Prachin Buri
TH-26 Nakhon Nayok: Nakhon Nayok
TH-27 Sa Kaeo: Sa Kaeo
TH-30 Nakhon Ratchasima: Nakhon Ratchasima
TH-31 Buri Ram: Buri Ram
TH-32 Surin: Surin
TH-33 Si Sa Ket: Si Sa Ket
TH-34 Ubon Ratchathani: Ubon Ratchathani
TH-35 Yasothon: Yasothon
TH-36 Chaiyaphum: Chaiyaphum
TH-37 Amnat Charoen: Amnat Charoen
TH-38 Bueng Kan: Bueng Kan
TH-39 Nong Bua Lam Phu: Nong Bua Lam Phu
TH-40 Khon Kaen: Khon Kaen
TH-41 Udon Thani: Udon Thani
TH-42 Loei: Loei
TH-43 Nong Khai: Nong Khai
TH-44 Maha Sarakham: Maha Sarakham
TH-45 Roi Et: Roi Et
TH-46 Kalasin: Kalasin
TH-47 Sakon Nakhon: Sakon Nakhon
TH-48 Nakhon Phanom: Nakhon Phanom
TH-49 Mukdahan: Mukdahan
TH-50 Chiang Mai: Chiang Mai
TH-51 Lamphun: Lamphun
TH-52 Lampang: Lampang
TH-53 Uttaradit: Uttaradit
TH-54 Phrae: Phrae
TH-55 Nan: Nan
TH-56 Phayao: Phayao
TH-57 Chiang Rai: Chiang Rai
TH-58 Mae Hong Son: Mae Hong Son
TH-60 Nakhon Sawan: Nakhon Sawan
TH-61 Uthai Thani: Uthai Thani
TH-62 Kamphaeng Phet: Kamphaeng Phet
TH-63 Tak: Tak|Mae Sot
TH-64 Sukhothai: Sukhothai
TH-65 Phitsanulok: Phitsanulok
TH-66 Phichit: Phichit
TH-67 Phetchabun: Phetchabun
TH-70 Ratchaburi: Ratchaburi
TH-71 Kanchanaburi: Kanchanaburi
TH-72 Suphan Buri: Suphan Buri
TH-73 Nakhon Pathom: Nakhon Pathom
TH-74 Samut Sakhon: Samut Sakhon
TH-75 Samut Songkhram: Samut Songkhram
TH-76 Phetchaburi: Phetchaburi
TH-77 Prachuap Khiri Khan: Prachuap Khiri Khan|Hua Hin
TH-80 Nakhon Si Thammarat: Nakhon Si Thammarat
TH-81 Krabi: Krabi
TH-82 Phang Nga: Phang Nga
TH-83 Phuket: Phuket
TH-84 Surat Thani: Surat Thani|Ko Samui
TH-85 Ranong: Ranong
TH-86 Chumphon: Chumphon
TH-90 Songkhla: Songkhla|Hat Yai
TH-91 Satun: Satun
TH-92 Trang: Trang
TH-93 Phatthalung: Phatthalung
TH-94 Pattani: Pattani
TH-95 Yala: Yala
TH-96 Narathiwat: Narathiwat

CA-AB Alberta: Calgary|Edmonton
CA-BC British Columbia: Vancouver|Victoria
CA-MB Manitoba: Winnipeg
CA-NB New Brunswick: Moncton|Saint John|Fredericton
CA-NL Newfoundland and Labrador: St. John's
CA-NS Nova Scotia: Halifax
CA-NT Northwest Territories: Yellowknife
CA-NU Nunavut: Iqaluit
CA-ON Ontario: Toronto|Ottawa|Mississauga
CA-PE Prince Edward Island: Charlottetown
CA-QC Quebec: Montreal|Quebec City
CA-SK Saskatchewan: Saskatoon|Regina
CA-YT Yukon: Whitehorse

AU-ACT Australian Capital Territory: Canberra
AU-NSW New South Wales: Sydney|Newcastle
AU-NT Northern Territory: Darwin|Alice Springs
AU-QLD Queensland: Brisbane|Gold Coast|Cairns
AU-SA South Australia: Adelaide|Coober Pedy
AU-TAS Tasmania: Hobart|Launceston
AU-VIC Victoria: Melbourne|Geelong
AU-WA Western Australia: Perth|Broome|Kununurra

ZA-EC Eastern Cape: Gqeberha|East London
ZA-FS Free State: Bloemfontein
ZA-GP Gauteng: Johannesburg|Pretoria
ZA-KZN KwaZulu-Natal: Durban|Pietermaritzburg
ZA-LP Limpopo: Polokwane
ZA-MP Mpumalanga: Mbombela
ZA-NC Northern Cape: Kimberley|Upington
ZA-NW North West: Mahikeng|Rustenburg
ZA-WC Western Cape: Cape Town|Stellenbosch

BW-CE Central: Serowe|Palapye|Orapa|Letlhakane
BW-CH Chobe: Kasane
BW-FR Francistown: Francistown
BW-GA Gaborone: Gaborone
BW-GH Ghanzi: Ghanzi
BW-JW Jwaneng: Jwaneng
BW-KG Kgalagadi: Tsabong
BW-KL Kgatleng: Mochudi
BW-KW Kweneng: Molepolole
BW-LO Lobatse: Lobatse
BW-NE North East: Masunga
BW-NW North West: Maun
BW-SE South East: Ramotswa
BW-SO Southern: Kanye
BW-SP Selebi-Phikwe: Selebi-Phikwe
BW-ST Sowa Town: Sowa Town

RU-MOW Moscow: Moscow
RU-SPE Saint Petersburg: Saint Petersburg
RU-AD Adygea: Maykop
RU-AL Altai Republic: Gorno-Altaysk
RU-BA Bashkortostan: Ufa
RU-BU Buryatia: Ulan-Ude
RU-CE Chechnya: Grozny
RU-CU Chuvashia: Cheboksary
RU-DA Dagestan: Makhachkala
RU-IN Ingushetia: Magas
RU-KB Kabardino-Balkaria: Nalchik
RU-KL Kalmykia: Elista
RU-KC Karachay-Cherkessia: Cherkessk
RU-KR Karelia: Petrozavodsk
RU-KO Komi: Syktyvkar
RU-ME Mari El: Yoshkar-Ola
RU-MO Mordovia: Saransk
RU-SA Sakha (Yakutia): Yakutsk|Mirny|Udachny
RU-SE North Ossetia-Alania: Vladikavkaz
RU-TA Tatarstan: Kazan
RU-TY Tuva: Kyzyl
RU-UD Udmurtia: Izhevsk
RU-KK Khakassia: Abakan
RU-ALT Altai Krai: Barnaul
RU-KDA Krasnodar Krai: Krasnodar|Sochi
RU-KYA Krasnoyarsk Krai: Krasnoyarsk|Norilsk
RU-PRI Primorsky Krai: Vladivostok
RU-STA Stavropol Krai: Stavropol
RU-KHA Khabarovsk Krai: Khabarovsk
RU-KAM Kamchatka Krai: Petropavlovsk-Kamchatsky
RU-PER Perm Krai: Perm
RU-ZAB Zabaykalsky Krai: Chita
RU-AMU Amur Oblast: Blagoveshchensk
RU-ARK Arkhangelsk Oblast: Arkhangelsk
RU-AST Astrakhan Oblast: Astrakhan
RU-BEL Belgorod Oblast: Belgorod
RU-BRY Bryansk Oblast: Bryansk
RU-VLA Vladimir Oblast: Vladimir
RU-VGG Volgograd Oblast: Volgograd
RU-VLG Vologda Oblast: Vologda|Cherepovets
RU-VOR Voronezh Oblast: Voronezh
RU-IVA Ivanovo Oblast: Ivanovo
RU-IRK Irkutsk Oblast: Irkutsk
RU-KGD Kaliningrad Oblast: Kaliningrad
RU-KLU Kaluga Oblast: Kaluga
RU-KEM Kemerovo Oblast: Kemerovo|Novokuznetsk
RU-KIR Kirov Oblast: Kirov
RU-KOS Kostroma Oblast: Kostroma
RU-KGN Kurgan Oblast: Kurgan
RU-KRS Kursk Oblast: Kursk
RU-LEN Leningrad Oblast: Gatchina|Vyborg
RU-LIP Lipetsk Oblast: Lipetsk
RU-MAG Magadan Oblast: Magadan
RU-MOS Moscow Oblast: Balashikha|Podolsk|Khimki
RU-MUR Murmansk Oblast: Murmansk
RU-NIZ Nizhny Novgorod Oblast: Nizhny Novgorod
RU-NGR Novgorod Oblast: Veliky Novgorod
RU-NVS Novosibirsk Oblast: Novosibirsk
RU-OMS Omsk Oblast: Omsk
RU-ORE Orenburg Oblast: Orenburg
RU-ORL Oryol Oblast: Oryol
RU-PNZ Penza Oblast: Penza
RU-PSK Pskov Oblast: Pskov
RU-ROS Rostov Oblast: Rostov-on-Don
RU-RYA Ryazan Oblast: Ryazan
RU-SAM Samara Oblast: Samara|Tolyatti
RU-SAR Saratov Oblast: Saratov
RU-SAK Sakhalin Oblast: Yuzhno-Sakhalinsk
RU-SVE Sverdlovsk Oblast: Yekaterinburg
RU-SMO Smolensk Oblast: Smolensk
RU-TAM Tambov Oblast: Tambov
RU-TVE Tver Oblast: Tver
RU-TOM Tomsk Oblast: Tomsk
RU-TUL Tula Oblast: Tula
RU-TYU Tyumen Oblast: Tyumen
RU-ULY Ulyanovsk Oblast: Ulyanovsk
RU-CHE Chelyabinsk Oblast: Chelyabinsk|Magnitogorsk
RU-YAR Yaroslavl Oblast: Yaroslavl
RU-YEV Jewish Autonomous Oblast: Birobidzhan
RU-NEN Nenets Autonomous Okrug: Naryan-Mar
RU-KHM Khanty-Mansi Autonomous Okrug: Khanty-Mansiysk|Surgut
RU-CHU Chukotka Autonomous Okrug: Anadyr
RU-YAN Yamalo-Nenets Autonomous Okrug: Salekhard|Novy Urengoy
`
